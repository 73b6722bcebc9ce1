import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useDebounced } from '@/lib/use-debounced';
import { EventsTable } from './events-table';

/** 'All Events': search by English title (server side), Add Event, the events table. */
export function ManageEvents() {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  return (
    <section>
      <title>All Events</title>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900 dark:text-white">All Events</h1>
        <Link href={paths.eventAdd.getHref()} className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">Add Event</Link>
      </div>
      <div className="mb-4 max-w-sm">
        <label htmlFor="event-search" className="sr-only">Search for events</label>
        <input id="event-search" type="search" placeholder="Search for events" value={text} onChange={(e) => setText(e.target.value)}
          className="block w-full rounded-lg border border-gray-300 bg-gray-50 p-2 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-700 dark:text-white" />
      </div>
      <EventsTable search={search} />
    </section>
  );
}
