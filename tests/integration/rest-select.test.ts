// /rest/v1 select and embedding, through supabase-js as an app would call it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { rest, startRestStack } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('select', () => {
  it('returns columns, aliases, casts and JSON paths', async () => {
    const { data, error, status } = await stack
      .anon()
      .from('books')
      .select('id, name:title, price::text, series:meta->>series, volume:meta->volume')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, name: 'A Wizard of Earthsea', price: '8.99', series: 'Earthsea', volume: 1 }]);
  });

  it('defaults to * and keeps Postgres types as JSON', async () => {
    const { data } = await stack.anon().from('books').select().eq('id', 2);
    expect(data![0]).toMatchObject({ id: 2, tags: ['scifi', 'classic'], meta: { awards: ['Hugo', 'Nebula'] }, in_stock: true, published: '1969-03-01' });
  });

  it('embeds many-to-one as an object and one-to-many as an array, using an FK column hint', async () => {
    const { data, error } = await stack
      .anon()
      .from('books')
      .select('title, author:authors!author_id(name), editor:authors!books_editor_id_fkey(name), reviews(rating)')
      .in('id', [1, 2])
      .order('id')
      .order('rating', { referencedTable: 'reviews', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'A Wizard of Earthsea', author: { name: 'Ursula K. Le Guin' }, editor: { name: 'Italo Calvino' }, reviews: [{ rating: 5 }, { rating: 4 }] },
      { title: 'The Left Hand of Darkness', author: { name: 'Ursula K. Le Guin' }, editor: null, reviews: [{ rating: 5 }] },
    ]);
  });

  it('embeds one-to-one as an object or null and many-to-many through a junction', async () => {
    const { data } = await stack.anon().from('books').select('id, book_details(isbn), genres(name)').in('id', [1, 2]).order('id');
    expect(data).toEqual([
      { id: 1, book_details: { isbn: '978-0547722023' }, genres: [{ name: 'Fantasy' }, { name: 'Literary' }] },
      { id: 2, book_details: null, genres: [{ name: 'Science fiction' }] },
    ]);
  });

  it('nests embeds and applies order and limit inside them', async () => {
    const { data } = await stack
      .anon()
      .from('authors')
      .select('name, books!author_id(title, reviews(rating))')
      .eq('id', 1)
      .order('id', { referencedTable: 'books', ascending: false })
      .limit(2, { referencedTable: 'books' });
    expect(data).toEqual([
      {
        name: 'Ursula K. Le Guin',
        books: [
          { title: 'The Dispossessed', reviews: [{ rating: 5 }] },
          { title: 'The Left Hand of Darkness', reviews: [{ rating: 5 }] },
        ],
      },
    ]);
  });

  it('filters embedded rows without touching parents, and parents with !inner', async () => {
    const plain = await stack.anon().from('authors').select('name, books!author_id(title)').like('books.title', '*Cities*').order('id');
    expect(plain.data).toHaveLength(4);
    expect(plain.data![1]).toEqual({ name: 'Italo Calvino', books: [{ title: 'Invisible Cities' }] });
    expect(plain.data![0]).toEqual({ name: 'Ursula K. Le Guin', books: [] });
    const inner = await stack.anon().from('authors').select('name, books!author_id!inner(title)').like('books.title', '*Cities*');
    expect(inner.data).toEqual([{ name: 'Italo Calvino', books: [{ title: 'Invisible Cities' }] }]);
  });

  it('filters parents on an embed being null or not', async () => {
    const { data } = await stack.anon().from('books').select('id, book_details(isbn)').not('book_details', 'is', null).order('id');
    expect(data!.map((b) => b.id)).toEqual([1, 3]);
    const none = await stack.anon().from('authors').select('name, books!author_id(id)').is('books', null);
    expect(none.data).toEqual([{ name: 'Anonymous', books: [] }]);
  });

  it('counts an embed', async () => {
    const { data } = await stack.anon().from('books').select('id, reviews(count)').in('id', [1, 5]).order('id');
    expect(data).toEqual([
      { id: 1, reviews: [{ count: 2 }] },
      { id: 5, reviews: [{ count: 0 }] },
    ]);
  });

  it('answers 300 PGRST201 for an ambiguous embed, as PostgREST', async () => {
    const { error, status } = await stack.anon().from('books').select('title, authors(name)');
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'books' and 'authors'",
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
    expect(error!.details).toEqual([
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_author_id_fkey using books(author_id) and authors(id)' },
      { cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)' },
    ]);
  });

  it('answers 400 PGRST200 when no relationship exists', async () => {
    const { error, status } = await stack.anon().from('genres').select('name, notes(body)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'genres' and 'notes' in the schema cache" });
  });

  it('single() and maybeSingle() behave as on Supabase', async () => {
    const one = await stack.anon().from('books').select('title').eq('id', 3).single();
    expect(one).toMatchObject({ data: { title: 'Invisible Cities' }, error: null, status: 200 });
    const none = await stack.anon().from('books').select('title').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 0 rows' });
    const many = await stack.anon().from('books').select('title').single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 6 rows' });
    const maybe = await stack.anon().from('books').select('title').eq('id', 999).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
    const maybeOne = await stack.anon().from('books').select('title').eq('id', 5).maybeSingle();
    expect(maybeOne.data).toEqual({ title: 'Ficciones' });
  });

  it('strips nulls when asked and answers CSV', async () => {
    const stripped = await rest(stack, '/books?select=id,price,meta&id=eq.5', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect(stripped.json).toEqual([{ id: 5 }]);
    const csv = await stack.anon().from('authors').select('id,name,country').in('id', [1, 4]).order('id').csv();
    expect(csv.data).toBe('id,name,country\n1,Ursula K. Le Guin,US\n4,Anonymous,');
  });

  it('honours Accept-Profile public and refuses other schemas with 406 PGRST106', async () => {
    const ok = await rest(stack, '/genres?select=id&id=eq.1', { headers: { 'Accept-Profile': 'public' } });
    expect(ok.json).toEqual([{ id: 1 }]);
    const bad = await rest(stack, '/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(bad.status).toBe(406);
    expect(bad.json).toEqual({ code: 'PGRST106', message: 'The schema must be one of the following: public', details: null, hint: null });
  });

  it('sees tables created later after NOTIFY pgrst', async () => {
    await stack.db.exec(`create table late_arrival (id int primary key); grant select on late_arrival to anon; insert into late_arrival values (7); notify pgrst, 'reload schema';`);
    let res = await rest(stack, '/late_arrival');
    for (let i = 0; i < 20 && res.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await rest(stack, '/late_arrival');
    }
    expect(res.json).toEqual([{ id: 7 }]);
  });
});

describe('empty embeds', () => {
  it('filter parents with rel!inner() and leave the embed out of the output', async () => {
    const { data, error } = await stack.anon().from('books').select('id, authors!author_id!inner()').eq('authors.country', 'IT').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3 }, { id: 4 }]);
  });
});
