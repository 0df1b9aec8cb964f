// An application's ordinary Vite config: nothing in it is specific to qa-sources-kit.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()] });
