import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryHost } from 'qa-sources-kit';
import { AnswerSources } from '../../shared/AnswerSources.tsx';
import { files, payload, sessionId } from '../../shared/demo.js';
import '../../shared/page.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AnswerSources host={createMemoryHost(files)} sessionId={sessionId} payload={payload} />
  </StrictMode>,
);
