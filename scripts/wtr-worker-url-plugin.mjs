// Teaches the test server Vite's `?worker&url` imports: the module's default
// export becomes the URL of the worker source, which the server then serves
// (TypeScript transpiled by the esbuild plugin) like any other module.
export function workerUrlPlugin() {
  return {
    name: 'qa-worker-url',
    serve(context) {
      const q = context.URL.searchParams;
      if (q.has('worker') && q.has('url')) {
        return { body: `export default new URL(${JSON.stringify(context.path)}, import.meta.url).href;\n`, type: 'js' };
      }
      return undefined;
    },
  };
}
