import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { mutate } from 'swr';
import { APP_NAME } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SearchBox } from '@/features/search/components/search-box';

type GroupId = 'categories' | 'events' | 'users' | 'profile';

interface NavLink {
  label: string;
  href: string;
}
interface NavGroup {
  id: GroupId;
  label: string;
  links: NavLink[];
}
type NavItem = NavLink | NavGroup;

export const SIDEBAR: NavItem[] = [
  { label: 'Dashboard', href: paths.dashboard.getHref() },
  { id: 'categories', label: 'Categories', links: [
    { label: 'Add', href: paths.categoryAdd.getHref() },
    { label: 'Manage', href: paths.categoryManage.getHref() },
  ] },
  { id: 'events', label: 'Events', links: [
    { label: 'Add', href: paths.eventAdd.getHref() },
    { label: 'Manage', href: paths.eventManage.getHref() },
    { label: 'People', href: paths.people.getHref() },
  ] },
  { label: 'Resources', href: paths.resources.getHref() },
  { id: 'users', label: 'Users', links: [
    { label: 'Manage', href: paths.usersManage.getHref() },
    { label: 'Add', href: paths.usersAdd.getHref() },
    { label: 'Roles', href: paths.usersRoles.getHref() },
  ] },
  { id: 'profile', label: 'Profile', links: [
    { label: 'My profile', href: paths.profile.getHref() },
    { label: 'Change password', href: paths.changePassword.getHref() },
    { label: 'Settings', href: paths.settings.getHref() },
  ] },
];

const isGroup = (item: NavItem): item is NavGroup => 'links' in item;

function groupOf(location: string): GroupId | null {
  for (const item of SIDEBAR) if (isGroup(item) && item.links.some((l) => location.startsWith(l.href))) return item.id;
  return null;
}

const LINK = 'flex items-center rounded-lg p-2 text-gray-900 hover:bg-gray-100 dark:text-white dark:hover:bg-gray-700';

/** Groups open one at a time. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const [open, setOpen] = useState<GroupId | null>(() => groupOf(location));
  return (
    <nav aria-label="Console" className="h-full overflow-y-auto px-3 py-4">
      <div className="mb-3 lg:hidden">
        <SearchBox />
      </div>
      <ul className="space-y-1 font-medium">
        {SIDEBAR.map((item) =>
          isGroup(item) ? (
            <li key={item.id}>
              <button
                type="button"
                className={`${LINK} w-full justify-between`}
                aria-expanded={open === item.id}
                aria-controls={`nav-${item.id}`}
                onClick={() => setOpen((o) => (o === item.id ? null : item.id))}
              >
                {item.label}
                <span aria-hidden="true">{open === item.id ? '▴' : '▾'}</span>
              </button>
              <ul id={`nav-${item.id}`} hidden={open !== item.id} className="space-y-1 py-1">
                {item.links.map((l) => (
                  <li key={l.href}>
                    <Link href={l.href} onClick={onNavigate} aria-current={location === l.href ? 'page' : undefined} className={`${LINK} pl-8 ${location === l.href ? 'bg-gray-100 dark:bg-gray-700' : ''}`}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.href}>
              <Link href={item.href} onClick={onNavigate} aria-current={location === item.href ? 'page' : undefined} className={`${LINK} ${location === item.href ? 'bg-gray-100 dark:bg-gray-700' : ''}`}>
                {item.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function UserMenu() {
  const { user, profile, signOut } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const initial = (profile?.fullname || user?.email || '?').slice(0, 1).toUpperCase();
  return (
    <div ref={ref} className="relative">
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-label="Open user menu" onClick={() => setOpen((o) => !o)} className="flex h-8 w-8 items-center justify-center overflow-hidden rounded-full bg-gray-200 text-sm font-semibold text-gray-700 focus:ring-4 focus:ring-gray-300 dark:bg-gray-600 dark:text-white">
        {profile?.profile_picture_url ? <img src={profile.profile_picture_url} alt="" className="h-8 w-8 object-cover" /> : initial}
      </button>
      {open && (
        <div role="menu" className="absolute right-0 z-50 mt-2 w-56 rounded-lg bg-white shadow-lg dark:bg-gray-700">
          <div className="border-b border-gray-100 px-4 py-3 text-sm dark:border-gray-600">
            {profile?.fullname && <p className="text-gray-900 dark:text-white">{profile.fullname}</p>}
            <p className="truncate font-medium text-gray-500 dark:text-gray-300">{user?.email}</p>
          </div>
          <Link href={paths.profile.getHref()} role="menuitem" onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-600">Profile</Link>
          <Link href={paths.settings.getHref()} role="menuitem" onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-600">Settings</Link>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-600"
            onClick={async () => {
              setOpen(false);
              await signOut();
              // Nothing of this user's data stays in the cache.
              await mutate(() => true, undefined, { revalidate: false });
              navigate(paths.login.getHref(), { replace: true });
            }}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen bg-gray-50 dark:bg-gray-900">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-gray-200 bg-white px-3 py-2.5 dark:border-gray-700 dark:bg-gray-800">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <button type="button" className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 lg:hidden dark:text-gray-300 dark:hover:bg-gray-700" aria-controls="console-sidebar" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
              <span className="sr-only">Toggle sidebar</span>☰
            </button>
            <Link href={paths.dashboard.getHref()} className="flex items-center gap-2">
              <img src="/logo.svg" alt="" className="h-8 w-8" />
              <span className="self-center whitespace-nowrap text-xl font-semibold dark:text-white">{APP_NAME}</span>
            </Link>
            <SearchBox className="ml-6 hidden w-80 lg:block" />
          </div>
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <UserMenu />
          </div>
        </div>
      </header>
      <aside id="console-sidebar" aria-label="Sidebar" className={`fixed bottom-0 left-0 top-0 z-30 w-64 border-r border-gray-200 bg-white pt-14 transition-transform dark:border-gray-700 dark:bg-gray-800 lg:translate-x-0 ${menuOpen ? 'translate-x-0' : '-translate-x-full'}`}>
        <Sidebar onNavigate={() => setMenuOpen(false)} />
      </aside>
      {menuOpen && <div className="fixed inset-0 z-20 bg-gray-900/50 lg:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="flex min-h-screen flex-col pt-14 lg:ml-64">
        <main className="flex-1 p-4">{children}</main>
        <SiteFooter />
      </div>
    </div>
  );
}
