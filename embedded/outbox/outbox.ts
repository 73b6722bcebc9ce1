// The mail outbox: what Mailpit is to the Supabase CLI stack. Mails are kept
// in the data folder (one JSON line each) and listed on the outbox page.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links in the mail, so tests and people can follow them. */
  links: string[];
  sentAt: string;
}

export class Outbox {
  private mails: Mail[] = [];

  constructor(private readonly file: string) {
    if (existsSync(file)) {
      this.mails = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Mail);
    }
  }

  send(mail: Omit<Mail, 'id' | 'sentAt' | 'links'>): Mail {
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
    const full: Mail = { ...mail, id: randomUUID(), sentAt: new Date().toISOString(), links };
    this.mails.push(full);
    mkdirSync(dirname(this.file), { recursive: true });
    appendFileSync(this.file, JSON.stringify(full) + '\n');
    return full;
  }

  /** Newest first; optionally only those to one address. */
  list(to?: string): Mail[] {
    const all = to ? this.mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : this.mails;
    return [...all].reverse();
  }
}
