import { useAuth } from '@/lib/auth';
import { ErrorState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser } from '../api/get-users';
import { ProfileFields } from './edit-user';

/** The signed-in user's own name, phone number and avatar. */
export function Profile() {
  const { profile, refreshProfile } = useAuth();
  const id = profile ? Number(profile.id) : null;
  const { data, error, mutate } = useUser(id);
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Profile</h1>
      {!profile ? <ErrorState message="No user is currently logged in" />
        : error ? <ErrorState message="Failed to fetch user profile" onRetry={() => mutate()} />
        : !data ? <PageSpinner />
        : <ProfileFields key={data.id} user={data} submitLabel="Save" onSaved={() => { void mutate(); void refreshProfile(); }} />}
    </section>
  );
}
