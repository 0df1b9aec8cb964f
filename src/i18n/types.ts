/** Plural forms, chosen with `Intl.PluralRules`; `other` is always required. */
export interface QaPlural {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/** A term: plain text, or plural forms. `{name}` placeholders are filled from params. */
export type QaTerm = string | QaPlural;

/**
 * Every string the kit shows. A language provides all of them; overrides may
 * provide some. `{n}` is a count, other `{…}` placeholders are named params.
 */
export interface QaTerms {
  // --- sources panel and footer
  sources: string;
  sourceCount: QaPlural;
  groupFile: string;
  groupCode: string;
  groupJira: string;
  groupConfluence: string;
  groupKnowledge: string;
  groupWeb: string;
  groupOther: string;
  /** Accessible name of a group heading: `Documentation, 4 sources`. */
  groupHeading: QaPlural;
  showMore: QaPlural;
  /** Rendered Markdown: a long table shows its first rows; this control adds the rest. */
  showAllRows: QaPlural;
  showLess: string;
  discovered: string;
  discoveredHint: string;
  incomplete: string;
  incompleteReason: string;
  emptyPanel: string;
  provisional: string;
  provisionalAnnounce: QaPlural;
  subagent: string;
  partial: string;
  /** What the Subagent tag means (its tooltip and description). */
  subagentHint: string;
  /** What the Partial tag means. */
  partialHint: string;
  lines: string;
  line: string;
  usedBy: string;
  locations: string;
  parent: string;
  subagentNamed: string;
  turn: string;
  /** A `Used by` row of the assistant itself: `Read by the assistant in answer 4` ({action}: one of the origin actions). */
  originAssistant: string;
  /** A `Used by` row of a named helper agent: `Found by the helper agent “Jira research”`. */
  originHelper: string;
  originActionRead: string;
  originActionFetched: string;
  originActionQueried: string;
  originActionFound: string;
  step: string;
  details: string;
  hideDetails: string;
  close: string;
  closePanel: string;
  showList: string;
  hideList: string;
  /** The footer's expand control: `All 7`. */
  allSources: string;
  opensInNewTab: string;
  openInPreview: string;
  suspiciousName: string;
  lookalikeHost: string;
  problems: QaPlural;
  debug: string;
  evidenceRead: string;
  evidenceFetched: string;
  evidenceQueried: string;
  evidenceReported: string;
  evidenceInherited: string;
  evidenceDiscovered: string;
  // --- file preview
  preview: string;
  rendered: string;
  raw: string;
  viewMode: string;
  download: string;
  loading: string;
  tooLarge: string;
  tooLargeDetail: string;
  openRawExcerpt: string;
  renderLimit: string;
  renderFailed: string;
  /** Markdown over its work budget (too many or too deeply nested elements), shown raw. */
  renderTooComplex: string;
  partialNotice: string;
  errorTitle: string;
  errorBody: string;
  timeoutBody: string;
  retry: string;
  binary: string;
  emptyFile: string;
  referencedLines: string;
  viewRawAt: string;
  blocksMarked: string;
  /** The ranges navigator: `Range 1 of 3`. */
  rangeOf: string;
  previousRange: string;
  nextRange: string;
  /** Lines selected by their numbers: `Lines 10–20`. */
  selectedLines: string;
  copyLines: string;
  copyLink: string;
  clearSelection: string;
  copiedLines: string;
  copiedLink: string;
  copyFailed: string;
  imageBlocked: string;
  breadcrumb: string;
  frontMatter: string;
  bidiWarning: string;
  /** The raw view shows invisible characters (zero-width, BOM, soft hyphen, tag characters) as markers. */
  invisibleWarning: string;
  alertNote: string;
  alertTip: string;
  alertImportant: string;
  alertWarning: string;
  alertCaution: string;
  footnotes: string;
  backToContent: string;
  linkUnavailable: string;
  /** Tooltip of the real host shown next to a link whose text names another address. */
  linkGoesTo: string;
  // --- sources panel and footer (more)
  /** A quoted label inside a subagent chain: `“Deep search”`. */
  quoted: string;
  /** Accessible name of a card's details toggle: `Details: technicalDiagnosis.md`. */
  detailsFor: string;
  /** Accessible name of the Discovered row: `Discovered, 9 candidates`. */
  discoveredHeading: QaPlural;
  // --- citations in the answer
  /** Accessible name of a citation chip: `Source 1: technicalDiagnosis.md` (the cited lines follow). */
  citationLabel: string;
  /** A citation whose id names no source of the answer. */
  citationUnknown: string;
  /** Debug: why a citation is unknown. */
  citationUnknownId: string;
  /** A cited card's or entry's number, for assistive technology: `Cited as 1`. */
  citationNumber: string;
  /** Evidence in plain words, on the hover card. */
  byAssistantRead: string;
  byAssistantFetched: string;
  byAssistantQueried: string;
  byHelper: string;
  byDiscovery: string;
  open: string;
  openInNewTab: string;
  /** Panel heading of the cited sources: `Cited in the answer · 3`. */
  citedInAnswer: string;
  /** Panel heading of the other sources: `Also used · 4`. */
  alsoUsed: string;
  // --- preview: header facts, wrap, full view, keyboard help, marking
  /** Header fact: the number of lines. */
  lineCount: QaPlural;
  /** Header fact for a file with no known language. */
  plainText: string;
  wrapLines: string;
  openFullView: string;
  exitFullView: string;
  /** The `?` popover's title and its button's name. */
  keyboardHelp: string;
  /** Help entry of the Rendered/Raw key. */
  keySwitchMode: string;
  /** Help entry of Escape: clears a selection or closes a popover first, then closes the preview. */
  keyClose: string;
  /** Notice of a file with lines too long to colour: `Lines of 3,000 characters or more are shown without colours.` */
  colourCapped: string;
  /** Margin label of a marked run in Rendered: `lines 27–36`. */
  markedLines: string;
  // --- preview: find, go to line, keyboard selection, overview ruler
  /** The find button, and the find field's name. */
  find: string;
  /** Placeholder of the find field (a query, or `:123` to go to a line). */
  findPlaceholder: string;
  /** The current match: `3 of 17`. */
  findOf: string;
  /** The current match while matches are still being counted: `3 of 1,200+`. */
  findCounting: string;
  findNone: string;
  findPrevious: string;
  findNext: string;
  matchCase: string;
  wholeWord: string;
  closeFind: string;
  /** Shown where the find bar goes when its code could not be loaded (a missing chunk, a dropped connection); a Retry button follows. */
  findUnavailable: string;
  goToLine: string;
  /** In the find field after `:123`: `Go to line 123 of 57,220`. */
  goToLineOf: string;
  extendSelection: string;
  overviewRuler: string;
  /** Panel section of the sources the answer cites (by citation number). */
  citedSection: string;
  /** Panel section of the other shown sources. */
  alsoUsedSection: string;
}

/** The language codes built in. */
export type QaBuiltinLocale = 'en' | 'ru' | 'zh';

/** A term lookup bound to one language (what an element's render uses). */
export type Translate = <K extends keyof QaTerms>(key: K, params?: Record<string, string | number>) => string;
