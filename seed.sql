-- Demo data for a local stack (embedded or `supabase start`). NOT for a hosted
-- project: it creates two accounts with published passwords.
--   admin@example.com / Admin#2026  (role admin)
--   staff@example.com / Staff#2026  (role staff)
-- plus a small set of real historical content in English. Translations,
-- summaries, palettes and video details stay pending until the worker runs
-- with an AI key (and a YouTube key) configured.
--
-- The seed runs as the database owner, so auth.uid() is null: author_id is
-- set explicitly (the triggers accept it from trusted writers only).

-- ─── accounts ────────────────────────────────────────────────────────────────
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated',
   'admin@example.com', extensions.crypt('Admin#2026', extensions.gen_salt('bf')), now(),
   '{"provider": "email", "providers": ["email"]}', '{"fullname": "Ada Admin"}', now(), now()),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated',
   'staff@example.com', extensions.crypt('Staff#2026', extensions.gen_salt('bf')), now(),
   '{"provider": "email", "providers": ["email"]}', '{"fullname": "Sam Staff"}', now(), now());

-- GoTrue on hosted Supabase reads these token columns as strings: make them ''
-- where they exist (the embedded auth schema has only some of them).
do $$
declare c text;
begin
  foreach c in array array['confirmation_token', 'recovery_token', 'email_change_token_new', 'email_change',
                           'email_change_token_current', 'phone_change', 'phone_change_token', 'reauthentication_token'] loop
    if exists (select 1 from information_schema.columns where table_schema = 'auth' and table_name = 'users' and column_name = c) then
      execute format('update auth.users set %I = coalesce(%I, '''') where id in (%L, %L)', c, c,
        'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002');
    end if;
  end loop;
end $$;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at) values
  ('a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   '{"sub": "a0000000-0000-4000-8000-000000000001", "email": "admin@example.com", "email_verified": true}', 'email', now(), now(), now()),
  ('a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002',
   '{"sub": "a0000000-0000-4000-8000-000000000002", "email": "staff@example.com", "email_verified": true}', 'email', now(), now(), now());

insert into public.users (uuid, email, username, fullname, phone_number, role) values
  ('a0000000-0000-4000-8000-000000000001', 'admin@example.com', 'admin', 'Ada Admin', null, 'admin'),
  ('a0000000-0000-4000-8000-000000000002', 'staff@example.com', 'staff', 'Sam Staff', null, 'staff');

-- ─── content ─────────────────────────────────────────────────────────────────
do $$
declare
  admin_id constant uuid := 'a0000000-0000-4000-8000-000000000001';
  staff_id constant uuid := 'a0000000-0000-4000-8000-000000000002';
  c_politics bigint; c_science bigint; c_exploration bigint; c_war bigint;
  e_id bigint; e_apollo bigint; e_wall bigint;
  p_id bigint;
  ev record;
  pe record;
  i int := 0;
begin
  insert into public.categories (created_at) values (now() - interval '30 days') returning id into c_politics;
  insert into public.category_translations (category_id, language_code, name, description)
  values (c_politics, 'en', 'Politics & Revolutions', 'Revolutions, treaties and turning points in how people are governed.');
  insert into public.categories (created_at) values (now() - interval '29 days') returning id into c_science;
  insert into public.category_translations (category_id, language_code, name, description)
  values (c_science, 'en', 'Science & Discovery', 'Inventions and discoveries that changed how we live.');
  insert into public.categories (created_at) values (now() - interval '28 days') returning id into c_exploration;
  insert into public.category_translations (category_id, language_code, name, description)
  values (c_exploration, 'en', 'Exploration', 'Journeys to the edges of the map, and beyond it.');
  insert into public.categories (created_at) values (now() - interval '27 days') returning id into c_war;
  insert into public.category_translations (category_id, language_code, name, description)
  values (c_war, 'en', 'Wars & Conflicts', 'Battles and wars, and how they ended.');

  for ev in
    select * from (values
      ('Signing of the Magna Carta', date '1215-06-15', null::date, array[c_politics], 4,
       'Runnymede, Surrey, England', 'Runnymede', 'Egham', 'England', 'United Kingdom', 'GB', 51.4440, -0.5650,
       '<p>At Runnymede, beside the Thames, King John of England set his seal to a charter of liberties demanded by rebel barons. The <strong>Magna Carta</strong> declared that the king, too, was bound by the law.</p><p>Its clause that no free man may be imprisoned except by the lawful judgement of his peers still echoes in constitutions today.</p>',
       'British Library'),
      ('Battle of Hastings', date '1066-10-14', null, array[c_war], 3,
       'Battle, East Sussex, England', null, 'Battle', 'England', 'United Kingdom', 'GB', 50.9125, 0.4873,
       '<p>Duke William of Normandy defeated King Harold II of England after a day-long fight on Senlac Hill. Harold fell in the battle.</p><p>William was crowned on Christmas Day 1066, and the <em>Norman Conquest</em> reshaped the English language, law and aristocracy.</p>',
       null),
      ('Columbus reaches the Americas', date '1492-10-12', null, array[c_exploration], 4,
       'San Salvador, The Bahamas', null, null, null, 'The Bahamas', 'BS', 24.0500, -74.5300,
       '<p>After five weeks crossing the Atlantic, the expedition of Christopher Columbus sighted land in the Bahamas. The voyage began lasting contact between Europe and the Americas, with enormous and often devastating consequences for the peoples already living there.</p>',
       null),
      ('Storming of the Bastille', date '1789-07-14', null, array[c_politics], 4,
       'Place de la Bastille, Paris, France', 'Place de la Bastille', 'Paris', 'IDF', 'France', 'FR', 48.8532, 2.3691,
       '<p>Crowds in Paris stormed the <strong>Bastille</strong>, a royal fortress and prison, seeking its stores of gunpowder. Its fall became the symbol of the French Revolution, and 14 July is now the national day of France.</p>',
       null),
      ('Wright brothers'' first powered flight', date '1903-12-17', null, array[c_science], 4,
       'Kill Devil Hills, North Carolina, USA', null, 'Kill Devil Hills', 'NC', 'United States', 'US', 36.0140, -75.6679,
       '<p>Orville Wright flew the <em>Wright Flyer</em> for 12 seconds over 36 metres near Kitty Hawk, the first sustained, controlled flight of a powered aircraft. Wilbur flew the longest flight of the day: 59 seconds over 260 metres.</p>',
       'Smithsonian National Air and Space Museum'),
      ('Discovery of penicillin', date '1928-09-28', null, array[c_science], 4,
       'St Mary''s Hospital, London, England', 'Praed Street', 'London', 'England', 'United Kingdom', 'GB', 51.5171, -0.1737,
       '<p>Returning from holiday, Alexander Fleming noticed that a mould had killed the bacteria around it on a culture plate. He named the substance <strong>penicillin</strong>.</p><p>Developed into a medicine in the 1940s, it became the first widely used antibiotic.</p>',
       null),
      ('Victory in Europe Day', date '1945-05-08', null, array[c_war], 5,
       'Berlin, Germany', null, 'Berlin', 'BE', 'Germany', 'DE', 52.5200, 13.4050,
       '<p>The Allies formally accepted the unconditional surrender of Nazi Germany, ending the Second World War in Europe. Crowds celebrated in London, Paris, New York and many other cities.</p>',
       null),
      ('First ascent of Mount Everest', date '1953-05-29', null, array[c_exploration], 3,
       'Mount Everest, Nepal', null, null, null, 'Nepal', 'NP', 27.9881, 86.9250,
       '<p>Tenzing Norgay and Edmund Hillary reached the summit of <strong>Mount Everest</strong>, at 8,849 metres the highest point on Earth, as members of a British expedition led by John Hunt.</p>',
       null),
      ('Apollo 11 Moon landing', date '1969-07-20', date '1969-07-24', array[c_exploration, c_science], 5,
       'Kennedy Space Center, Florida, USA', null, 'Merritt Island', 'FL', 'United States', 'US', 28.5729, -80.6490,
       '<p>The lunar module <em>Eagle</em> landed in the Sea of Tranquility. Neil Armstrong stepped onto the Moon: <strong>"That''s one small step for man, one giant leap for mankind."</strong></p><p>Buzz Aldrin followed him while Michael Collins orbited in <em>Columbia</em>. The crew returned safely to Earth on 24 July.</p>',
       'NASA'),
      ('Fall of the Berlin Wall', date '1989-11-09', null, array[c_politics], 5,
       'Brandenburg Gate, Berlin, Germany', 'Pariser Platz', 'Berlin', 'BE', 'Germany', 'DE', 52.5163, 13.3777,
       '<p>After weeks of protest, East German authorities announced that citizens could cross the border freely. That night crowds streamed through the checkpoints and began to chip away at the <strong>Berlin Wall</strong>.</p><p>Germany was reunified less than a year later.</p>',
       null),
      ('Nelson Mandela released from prison', date '1990-02-11', null, array[c_politics], 4,
       'Paarl, Western Cape, South Africa', null, 'Paarl', 'WC', 'South Africa', 'ZA', -33.7342, 18.9621,
       '<p>After 27 years in prison, Nelson Mandela walked out of Victor Verster Prison. Four years later he was elected the first president of a democratic South Africa.</p>',
       null)
    ) as t(title, start_date, end_date, category_ids, important, address, street, city, state, country, country_code, lat, lng, content, source)
  loop
    i := i + 1;
    insert into public.events (start_date, end_date, category_ids, important, address, street, city, state, country, country_code,
                               lat, lng, source, author_id, created_at)
    values (ev.start_date, ev.end_date, ev.category_ids, ev.important, ev.address, ev.street, ev.city, ev.state, ev.country,
            ev.country_code, ev.lat, ev.lng, ev.source, case when i % 3 = 0 then staff_id else admin_id end,
            now() - make_interval(days => 20 - i))
    returning id into e_id;
    insert into public.event_translations (event_id, language_code, title, content)
    values (e_id, 'en', ev.title, ev.content);
    if ev.title = 'Apollo 11 Moon landing' then e_apollo := e_id; end if;
    if ev.title = 'Fall of the Berlin Wall' then e_wall := e_id; end if;
  end loop;

  i := 0;
  for pe in
    select * from (values
      ('Marie Curie', date '1867-11-07', date '1934-07-04', 'Polish and French', 'Physicist and chemist',
       '<p>Marie Skłodowska Curie pioneered research on radioactivity and discovered polonium and radium. She was the first woman to win a Nobel Prize and the only person to win Nobel Prizes in two sciences, physics (1903) and chemistry (1911).</p>'),
      ('Alexander Fleming', date '1881-08-06', date '1955-03-11', 'British', 'Physician and microbiologist',
       '<p>Scottish physician who discovered penicillin in 1928. He shared the 1945 Nobel Prize in Physiology or Medicine with Howard Florey and Ernst Chain.</p>'),
      ('Neil Armstrong', date '1930-08-05', date '2012-08-25', 'American', 'Astronaut and engineer',
       '<p>Commander of Apollo 11 and the first person to walk on the Moon, on 20 July 1969. Before NASA he was a naval aviator and a test pilot of the X-15 rocket plane.</p>'),
      ('Nelson Mandela', date '1918-07-18', date '2013-12-05', 'South African', 'Lawyer and statesman',
       '<p>Anti-apartheid leader imprisoned for 27 years, released in 1990. He shared the 1993 Nobel Peace Prize with F. W. de Klerk and served as President of South Africa from 1994 to 1999.</p>')
    ) as t(name, birth_date, death_date, nationality, profession, biography)
  loop
    i := i + 1;
    insert into public.people (name, birth_date, death_date, nationality, author_id, created_at)
    values (pe.name, pe.birth_date, pe.death_date, pe.nationality, admin_id, now() - make_interval(days => 8 - i))
    returning id into p_id;
    insert into public.people_translations (people_id, language_code, profession, biography)
    values (p_id, 'en', pe.profession, pe.biography);
  end loop;

  insert into public.resources (event_id, media_type, source, author_id, title, description, url, created_at) values
    (e_apollo, 'youtube', 'NASA', admin_id, null, null, 'https://www.youtube.com/watch?v=S9HdPi9Ikhk', now() - interval '3 days'),
    (e_apollo, 'image', 'NASA', admin_id, 'Buzz Aldrin on the Moon',
     'Buzz Aldrin photographed by Neil Armstrong during the Apollo 11 moonwalk.',
     'https://upload.wikimedia.org/wikipedia/commons/9/98/Aldrin_Apollo_11_original.jpg', now() - interval '2 days'),
    (e_wall, 'image', 'Wikimedia Commons', staff_id, 'Crowds at the Brandenburg Gate',
     'West and East Germans at the Brandenburg Gate on 22 December 1989.',
     'https://upload.wikimedia.org/wikipedia/commons/6/6d/West_and_East_Germans_at_the_Brandenburg_Gate_in_1989.jpg', now() - interval '1 day');
end $$;
