import { CountCards } from '@/features/dashboard/components/count-cards';
import { EventsTable } from '@/features/events/components/events-table';
import { PageHeading } from './placeholders';

export default function DashboardRoute() {
  return (
    <section className="space-y-6">
      <PageHeading title="Dashboard" />
      <CountCards />
      <div>
        <h2 className="mb-3 text-lg font-semibold text-gray-900 dark:text-white">Latest events</h2>
        <EventsTable />
      </div>
    </section>
  );
}
