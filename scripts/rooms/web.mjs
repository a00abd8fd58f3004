// The web app's rooms (docs/architecture.md §1): a feature imports from app/, components/ and @crm/shared, never from
// another feature; app/ and components/ never import a feature, except the two files that list the pages.
export default [
  {
    name: 'web-feature-to-feature',
    severity: 'error',
    comment:
      'A web feature imports another feature: move what both need to app/ (plumbing, query keys), components/ (UI) ' +
      'or @crm/shared (docs/architecture.md §1).',
    from: { path: '^apps/web/src/features/([^/]+)/' },
    to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
  },
  {
    name: 'web-shared-to-feature',
    severity: 'error',
    comment:
      'app/ or components/ imports a feature: only app/pages.tsx (the pages) and app/router.tsx (the sign-in page) ' +
      'may (docs/architecture.md §1).',
    from: {
      path: '^apps/web/src/(app|components)/',
      pathNot: '^apps/web/src/app/(pages|router)\\.tsx$',
    },
    to: { path: '^apps/web/src/features/' },
  },
];
