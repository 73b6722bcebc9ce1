import { OAuthCallback } from '@/features/auth/components/oauth-callback';

export default function OAuthCallbackRoute() {
  return <OAuthCallback />;
}
