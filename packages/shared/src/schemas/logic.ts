// Filled in by the survey-design issue.
export {};
