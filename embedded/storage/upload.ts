// Receives an upload body (multipart/form-data as supabase-js sends a Blob or
// FormData, or a raw body typed by its Content-Type) into a temp file, never
// holding the whole body in memory. The size limit is counted as bytes arrive:
// past it, writing stops and the temp file is removed at once. What is left of
// the request body is not read any further (@hono/node-server drains or closes it).
import { createHash } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import busboy from 'busboy';
import { isPgError } from '../db/adapter.ts';
import { ERR, fromDbError, StorageError } from './errors.ts';

export interface UploadMeta {
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
  /** The request's Content-Length, when sent (Storage records it for RLS checks). */
  declaredLength?: number;
}

export interface ReceivedFile extends UploadMeta {
  size: number;
  /** Quoted MD5 of the bytes, as S3 (and so Storage) reports ETags. */
  eTag: string;
}

export interface ReceiveOptions {
  maxSize: number;
  tempPath: string;
  /** Runs once the file's type and metadata are known, before any byte is stored (mime and RLS checks). */
  beforeWrite: (meta: UploadMeta) => Promise<void>;
}

const MAX_USER_METADATA = 1024 * 1024;

function parseBase64Json(value: string | null): Record<string, unknown> | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Appends chunks to the temp file, counting and hashing, refusing what exceeds the limit. */
class Sink {
  private out: WriteStream | null = null;
  private hash = createHash('md5');
  size = 0;
  constructor(
    private readonly path: string,
    private readonly maxSize: number,
  ) {}

  async open() {
    await mkdir(dirname(this.path), { recursive: true });
    this.out = createWriteStream(this.path, { flags: 'wx' });
    await new Promise<void>((resolve, reject) => {
      this.out!.once('open', () => resolve());
      this.out!.once('error', reject);
    });
  }

  /** Resolves when the chunk is accepted (after 'drain' if the disk is behind). */
  async write(chunk: Uint8Array): Promise<void> {
    this.size += chunk.byteLength;
    if (this.size > this.maxSize) throw ERR.entityTooLarge();
    this.hash.update(chunk);
    if (!this.out!.write(chunk)) await new Promise<void>((r) => this.out!.once('drain', () => r()));
  }

  async close(): Promise<string> {
    await new Promise<void>((resolve, reject) => this.out!.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return `"${this.hash.digest('hex')}"`;
  }

  discard() {
    this.out?.destroy();
    rmSync(this.path, { force: true });
  }
}

export async function receiveUpload(req: Request, opts: ReceiveOptions): Promise<ReceivedFile> {
  const contentType = req.headers.get('content-type') ?? '';
  const lengthHeader = Number(req.headers.get('content-length'));
  const declaredLength = req.headers.has('content-length') && Number.isFinite(lengthHeader) && lengthHeader >= 0 ? lengthHeader : undefined;
  const sink = new Sink(opts.tempPath, opts.maxSize);
  try {
    const result = contentType.toLowerCase().startsWith('multipart/form-data')
      ? await receiveMultipart(req, contentType, declaredLength, sink, opts)
      : await receiveRaw(req, contentType, declaredLength, sink, opts);
    return result;
  } catch (e) {
    sink.discard();
    throw e;
  }
}

async function receiveRaw(req: Request, contentType: string, declaredLength: number | undefined, sink: Sink, opts: ReceiveOptions): Promise<ReceivedFile> {
  const meta: UploadMeta = {
    mimeType: contentType || 'application/octet-stream',
    cacheControl: req.headers.get('cache-control') ?? 'no-cache',
    userMetadata: parseBase64Json(req.headers.get('x-metadata')),
    declaredLength,
  };
  // A declared length over the limit is refused before reading a byte.
  await opts.beforeWrite(meta);
  if (declaredLength !== undefined && declaredLength > opts.maxSize) throw ERR.entityTooLarge();
  await sink.open();
  const reader = req.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      await sink.write(value);
    }
  } finally {
    // Release, never cancel: cancelling would tear down the socket the answer goes out on.
    reader?.releaseLock();
  }
  const eTag = await sink.close();
  return { ...meta, size: sink.size, eTag };
}

function receiveMultipart(req: Request, contentType: string, declaredLength: number | undefined, sink: Sink, opts: ReceiveOptions): Promise<ReceivedFile> {
  return new Promise<ReceivedFile>((resolve, reject) => {
    let settled = false;
    let stopPump = false;
    let onStop = () => {};
    const stopped = new Promise<void>((r) => (onStop = r));
    const fields: Record<string, string> = {};
    let sawFile = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      stopPump = true;
      onStop();
      reject(e instanceof StorageError || isPgError(e) ? fromDbError(e) : ERR.noContent(e instanceof Error ? e.message : undefined));
    };

    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { 'content-type': contentType }, limits: { files: 1, fields: 10, fieldSize: MAX_USER_METADATA + 1 } });
    } catch (e) {
      fail(e);
      return;
    }

    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (_name, file, info) => {
      if (sawFile) {
        file.resume();
        return;
      }
      sawFile = true;
      file.pause();
      const customMd = fields.metadata ?? fields.userMetadata;
      if (customMd !== undefined && Buffer.byteLength(customMd) > MAX_USER_METADATA) {
        fail(new StorageError(413, 'EntityTooLarge', 'The user_metadata exceeded the maximum allowed size', 'Payload too large'));
        return;
      }
      let userMetadata: Record<string, unknown> | undefined;
      try {
        userMetadata = customMd === undefined ? undefined : JSON.parse(customMd);
      } catch {
        userMetadata = undefined;
      }
      const meta: UploadMeta = {
        mimeType: fields.contentType || info.mimeType,
        cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
        userMetadata,
        declaredLength,
      };
      (async () => {
        await opts.beforeWrite(meta);
        await sink.open();
        // Chunks are written one at a time; the file stream stays paused while the disk catches up.
        let chain = Promise.resolve();
        file.on('data', (chunk: Buffer) => {
          file.pause();
          chain = chain.then(() => sink.write(chunk)).then(
            () => {
              if (!settled) file.resume();
            },
            (e) => fail(e),
          );
        });
        file.on('end', () => {
          chain
            .then(() => sink.close())
            .then((eTag) => {
              if (settled) return;
              settled = true;
              resolve({ ...meta, size: sink.size, eTag });
            }, fail);
        });
        file.resume();
      })().catch(fail);
    });
    bb.on('error', fail);
    bb.on('close', () => {
      if (!sawFile) fail(ERR.noContent());
    });

    // Feed the body to busboy with back-pressure, stopping as soon as the upload failed.
    (async () => {
      const reader = req.body?.getReader();
      if (!reader) {
        bb.end();
        return;
      }
      try {
        while (!stopPump) {
          const { done, value } = await reader.read();
          if (done) {
            bb.end();
            break;
          }
          if (!bb.write(value)) await Promise.race([new Promise<void>((r) => bb.once('drain', () => r())), stopped]);
        }
      } finally {
        reader.releaseLock();
      }
    })().catch(fail);
  });
}
