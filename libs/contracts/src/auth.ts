// Auth payloads: filled in by the identity work (issue 3).
export {};
