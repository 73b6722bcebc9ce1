import { PasswordInput } from '@/components/ui/input';
import { newPasswordProblems } from '../api/reset-password';

/** New + confirm password with the 6-character and match rules shown as you type. */
export function NewPasswordFields({
  password, confirm, onPassword, onConfirm, newLabel = 'New password',
}: { password: string; confirm: string; onPassword(v: string): void; onConfirm(v: string): void; newLabel?: string }) {
  const problems = password || confirm ? newPasswordProblems(password, confirm) : [];
  const lengthProblem = problems.find((p) => p.startsWith('Password must'));
  const matchProblem = problems.find((p) => p === 'Passwords do not match');
  return (
    <>
      <PasswordInput label={newLabel} name="password" autoComplete="new-password" required value={password} error={lengthProblem} onChange={(e) => onPassword(e.target.value)} />
      <PasswordInput label="Confirm password" name="confirm" autoComplete="new-password" required value={confirm} error={matchProblem} onChange={(e) => onConfirm(e.target.value)} />
    </>
  );
}
