import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { SupportPage } from '@/features/marketing/components/support-page';

export default function SupportRoute() {
  const [location] = useLocation();
  return <SupportPage title={location === paths.help.path ? 'Help Center' : 'Contact Us'} />;
}
