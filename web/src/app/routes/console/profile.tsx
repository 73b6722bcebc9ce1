import { ComingSoon } from './placeholders';
export const ProfileRoute = () => <ComingSoon title="Profile" />;
export const ChangePasswordRoute = () => <ComingSoon title="Change Password" />;
