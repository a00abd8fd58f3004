// Scoring on any scorecard, for every screen that scores (QC panel, edit pages, calibration, disputes): the form, its
// live summary and the marks' helpers.
export { ScorecardForm, SCORECARD_KEYS_NOTE, type TScorecardFormProps } from './ScorecardForm.tsx';
export { ScorecardSummary } from './ScorecardSummary.tsx';
export {
  bestMarksOf,
  CARD_PROBLEM,
  choiceForKey,
  commentShown,
  criterionOfField,
  isBelowBest,
  markOf,
  marksToSend,
  needsComment,
  problemsOf,
  withChoice,
  withComment,
  type TMarkProblems,
} from './scorecard-marks.ts';
