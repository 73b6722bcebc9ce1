/** Every route of the specification, with a typed href builder. */
const slugPart = (s: string | null | undefined) => encodeURIComponent(s || '-');

export const paths = {
  home: { path: '/', getHref: () => '/' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  help: { path: '/help', getHref: () => '/help' },

  login: {
    path: '/login',
    getHref: (error?: string) => (error ? `/login?error=${encodeURIComponent(error)}` : '/login'),
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  oauthCallback: { path: '/oauth-callback', getHref: () => '/oauth-callback' },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  settings: { path: '/settings', getHref: () => '/settings' },

  categoryAdd: { path: '/category/add', getHref: () => '/category/add' },
  categoryManage: { path: '/category/manage', getHref: () => '/category/manage' },
  categoryEdit: {
    path: '/category/edit/:id/:slug',
    getHref: (id: number | string, slug?: string | null) => `/category/edit/${id}/${slugPart(slug)}`,
  },

  eventAdd: { path: '/event/add', getHref: () => '/event/add' },
  eventManage: { path: '/event/manage', getHref: () => '/event/manage' },
  eventEdit: {
    path: '/event/edit/:id/:slug',
    getHref: (id: number | string, slug?: string | null) => `/event/edit/${id}/${slugPart(slug)}`,
  },

  peopleAdd: { path: '/event/people/add', getHref: () => '/event/people/add' },
  people: { path: '/event/people', getHref: () => '/event/people' },
  peopleEdit: {
    path: '/event/people/edit/:id/:slug',
    getHref: (id: number | string, slug?: string | null) => `/event/people/edit/${id}/${slugPart(slug)}`,
  },

  resourcesAdd: { path: '/resources/add', getHref: () => '/resources/add' },
  resources: { path: '/resources', getHref: () => '/resources' },
  resourcesEdit: { path: '/resources/edit/:id', getHref: (id: number | string) => `/resources/edit/${id}` },

  usersManage: { path: '/users/manage', getHref: () => '/users/manage' },
  usersAdd: { path: '/users/add', getHref: () => '/users/add' },
  usersEdit: { path: '/users/edit/:id', getHref: (id: number | string) => `/users/edit/${id}` },
  usersRoles: { path: '/users/roles', getHref: () => '/users/roles' },
  usersRolesAdd: { path: '/users/roles/add', getHref: () => '/users/roles/add' },

  profile: { path: '/profile', getHref: () => '/profile' },
  changePassword: { path: '/profile/change-password', getHref: () => '/profile/change-password' },
} as const;

export type PathName = keyof typeof paths;
