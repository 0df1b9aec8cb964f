/**
 * The `QaTurnSources` payload contract, version 1. Field names are a wire
 * format shared with the host: they must not change.
 */

/** What kind of document a source is. Unknown kinds parse as `other`. */
export type QaSourceKind = 'file' | 'code' | 'web' | 'jira' | 'confluence' | 'knowledge' | 'other';

/** Why an object counts as a source; the first three are the strongest. */
export type QaSourceEvidence = 'read' | 'fetched' | 'queried' | 'reported' | 'inherited' | 'discovered';

/** One place inside a source: a line range, an anchor, an issue key or a page id. */
export interface QaSourceLocation {
  path?: string;
  lineStart?: number;
  lineEnd?: number;
  anchor?: string;
  jiraKey?: string;
  confluencePageId?: string;
}

/** Which agent run used a source, and with which tool. */
export interface QaSourceOrigin {
  sessionId: string;
  turn: number;
  step?: number;
  toolCallId?: string;
  toolName?: string;
  agentId?: string;
  role: 'parent' | 'subagent';
  subagentRunId?: string;
  subagentSessionId?: string;
}

/** One deduplicated source document of an answer. */
export interface QaSourceReference {
  /** Canonical identity: `file:<path>`, `web:<url>`, `jira:<KEY>`, `confluence:<pageId>`, `knowledge:<backend>:<docId>`. */
  id: string;
  kind: QaSourceKind;
  title: string;
  /** Click target of remote sources. */
  uri?: string;
  /** Workspace-relative path of local sources. */
  path?: string;
  snippet?: string;
  locations: QaSourceLocation[];
  evidence: QaSourceEvidence;
  origins: QaSourceOrigin[];
  /** Higher means more suitable for the main list. */
  score: number;
  /** Free-form extras, e.g. `truncated`, `siteName`, `pageTitle`, `spaceKey`, `subagents`. A prototype-free copy after parsing. */
  metadata?: Record<string, unknown>;
}

/** Why part of a turn's provenance is missing. */
export interface QaIncompleteOrigin {
  subagentRunId?: string;
  provider?: string;
  reason: string;
}

/** All sources of one answer ("turn"), as one payload. */
export interface QaTurnSources {
  version: 1;
  sessionId: string;
  turn: number;
  sources: QaSourceReference[];
  /** Low-value candidates, hidden by default and never counted. */
  discovered?: QaSourceReference[];
  complete: boolean;
  incompleteOrigins?: QaIncompleteOrigin[];
}

/** Every kind, in the fixed group order of the UI. */
export const SOURCE_KINDS: readonly QaSourceKind[] = ['file', 'code', 'jira', 'confluence', 'knowledge', 'web', 'other'];

/** Every evidence value. */
export const SOURCE_EVIDENCE: readonly QaSourceEvidence[] = ['read', 'fetched', 'queried', 'reported', 'inherited', 'discovered'];

/** The payload version this kit was written for. */
export const PAYLOAD_VERSION = 1;
