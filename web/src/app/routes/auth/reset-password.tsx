import { AuthLayout } from '@/components/layouts/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  return (
    <AuthLayout title="Set a new password">
      <ResetPasswordForm />
    </AuthLayout>
  );
}
