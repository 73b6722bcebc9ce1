// `npm run bench`: every benchmark in turn, each on its own stack. Figures only.
await import('./rest-list.ts');
await import('./pipeline.ts');
