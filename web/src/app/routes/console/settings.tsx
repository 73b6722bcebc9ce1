import { PageHeading } from './placeholders';

export default function Route() {
  return <PageHeading title="settings" />;
}
