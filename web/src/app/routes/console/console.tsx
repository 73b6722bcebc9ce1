import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { ConsoleLayout } from '../../console-layout';
import { ComingSoon, NotFound } from './placeholders';

const page = <T extends ComponentType<object>>(load: () => Promise<{ default: T }>) => lazy(load);

const Dashboard = page(() => import('./dashboard'));
const Settings = page(() => import('./settings'));
const CategoryAdd = page(() => import('./categories').then((m) => ({ default: m.CategoryAddRoute })));
const CategoryManage = page(() => import('./categories').then((m) => ({ default: m.CategoryManageRoute })));
const CategoryEdit = page(() => import('./categories').then((m) => ({ default: m.CategoryEditRoute })));
const UsersManage = page(() => import('./users').then((m) => ({ default: m.UsersManageRoute })));
const UsersAdd = page(() => import('./users').then((m) => ({ default: m.UsersAddRoute })));
const UsersEdit = page(() => import('./users').then((m) => ({ default: m.UsersEditRoute })));
const UsersRoles = page(() => import('./users').then((m) => ({ default: m.UsersRolesRoute })));
const EventManage = page(() => import('@/features/events/components/manage-events').then((m) => ({ default: m.ManageEvents })));
const Profile = page(() => import('./profile').then((m) => ({ default: m.ProfileRoute })));
const ChangePassword = page(() => import('./profile').then((m) => ({ default: m.ChangePasswordRoute })));

/** Every signed-in route, inside the shell. */
export default function ConsoleRoutes() {
  return (
    <ConsoleLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path={paths.dashboard.path} component={Dashboard} />
          <Route path={paths.settings.path} component={Settings} />
          <Route path={paths.categoryAdd.path} component={CategoryAdd} />
          <Route path={paths.categoryManage.path} component={CategoryManage} />
          <Route path={paths.categoryEdit.path} component={CategoryEdit} />
          <Route path="/category/edit/:id" component={CategoryEdit} />
          <Route path={paths.eventAdd.path}><ComingSoon title="Add Event" /></Route>
          <Route path={paths.eventManage.path} component={EventManage} />
          <Route path={paths.eventEdit.path}><ComingSoon title="Edit Event" /></Route>
          <Route path={paths.peopleAdd.path}><ComingSoon title="Add People" /></Route>
          <Route path={paths.people.path}><ComingSoon title="Manage People" /></Route>
          <Route path={paths.peopleEdit.path}><ComingSoon title="Edit People" /></Route>
          <Route path={paths.resourcesAdd.path}><ComingSoon title="Add Resource" /></Route>
          <Route path={paths.resources.path}><ComingSoon title="Manage Resources" /></Route>
          <Route path={paths.resourcesEdit.path}><ComingSoon title="Edit Resource" /></Route>
          <Route path={paths.usersManage.path} component={UsersManage} />
          <Route path={paths.usersAdd.path} component={UsersAdd} />
          <Route path={paths.usersEdit.path} component={UsersEdit} />
          <Route path={paths.usersRoles.path} component={UsersRoles} />
          <Route path={paths.usersRolesAdd.path} component={UsersRoles} />
          <Route path={paths.profile.path} component={Profile} />
          <Route path={paths.changePassword.path} component={ChangePassword} />
          <Route component={NotFound} />
        </Switch>
      </Suspense>
    </ConsoleLayout>
  );
}
