import { LegalPage } from '@/features/marketing/components/legal-page';

export function PrivacyRoute() {
  return <LegalPage kind="privacy" />;
}
export function TermsRoute() {
  return <LegalPage kind="terms" />;
}
