import { Profile } from '@/features/users/components/profile';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { PageHeading } from './placeholders';

export const ProfileRoute = () => <Profile />;
export function ChangePasswordRoute() {
  return (
    <section>
      <PageHeading title="Change Password" />
      <ChangePasswordForm />
    </section>
  );
}
