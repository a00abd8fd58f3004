// No file circles anywhere: a file never reaches itself through its imports (type-only imports included).
export default [
  {
    name: 'no-file-circle',
    severity: 'error',
    comment:
      'A file that reaches itself through its imports: move what both need into a third file (docs/architecture.md §1).',
    from: {},
    to: { circular: true },
  },
];
