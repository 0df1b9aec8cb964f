import { useRef, useState } from 'react';
import type { QaLineRange, QaSourceOpenEvent, QaSourcesHost } from 'qa-sources-kit';
import { QaFilePreview, QaSourceFooter, QaSourcesPanel } from 'qa-sources-kit/react';

/** One answer's sources: the footer under the answer, the Sources panel, and the preview of an opened file. */
export function AnswerSources({ host, sessionId, payload }: { host: QaSourcesHost; sessionId: string; payload: unknown }) {
  const panel = useRef<HTMLElementTagNameMap['qa-sources-panel']>(null);
  const [file, setFile] = useState<{ path: string; ranges: QaLineRange[] } | null>(null);
  // Local files open in the preview; remote sources open their link by themselves.
  const open = (e: QaSourceOpenEvent) => e.detail.path && setFile({ path: e.detail.path, ranges: e.detail.ranges });
  return (
    <>
      <QaSourceFooter sources={payload} onQaSourceOpen={open} onQaGroupOpen={(e) => panel.current?.openGroup(e.detail.kind)} />
      <QaSourcesPanel ref={panel} sources={payload} onQaSourceOpen={open} />
      {file && <QaFilePreview host={host} sessionId={sessionId} path={file.path} ranges={file.ranges} onQaClose={() => setFile(null)} />}
    </>
  );
}
