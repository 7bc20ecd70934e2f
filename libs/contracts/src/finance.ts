// Finance payloads: filled in by the money work (issue 4).
export {};
