// An application's ordinary webpack 5 production build (driven through webpack's Node API):
// nothing in it is specific to qa-sources-kit.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

const config = {
  mode: 'production',
  context: here('.'),
  entry: './src/main.tsx',
  output: {
    path: here('./dist'),
    filename: 'assets/[name].[contenthash].js',
    chunkFilename: 'assets/[name].[contenthash].js',
    assetModuleFilename: 'assets/[name].[contenthash][ext]',
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  module: {
    rules: [
      { test: /\.tsx?$/, loader: 'esbuild-loader', options: { target: 'es2022', jsx: 'automatic' } },
      { test: /\.css$/, type: 'asset/resource' },
    ],
  },
  performance: { hints: false },
};

webpack(config, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString({ all: false, errors: true }));
    process.exit(1);
  }
  const warnings = stats.toJson({ all: false, warnings: true }).warnings;
  for (const w of warnings) console.warn(`webpack warning: ${w.message}`);
  const main = Object.keys(stats.compilation.assets).find((f) => /^assets\/main\.[\w]+\.js$/.test(f));
  writeFileSync(
    here('./dist/index.html'),
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>qa-sources-kit · React + webpack 5</title><link rel="icon" href="data:," /></head>\n<body><main id="root"></main><script defer src="./${main}"></script></body>\n</html>\n`,
  );
  console.log(`webpack: ${Object.keys(stats.compilation.assets).length} files, ${warnings.length} warnings`);
  process.exit(warnings.length ? 2 : 0);
});
