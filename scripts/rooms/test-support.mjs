// Filled by issue 34 (docs/architecture.md, Module directions).
export default [];
