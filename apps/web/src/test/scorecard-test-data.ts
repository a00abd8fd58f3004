// The scoring form's and the QC screens' test scorecard: the shared 3-section one (weighted, N/A, auto-fail, a comment
// required; packages/shared/src/test/three-section-scorecard.ts) as the screens receive it, parsed.
import { ZScorecardDefinition, type TScorecardDefinition } from '@crm/shared';
import { threeSectionCard } from '@crm/shared/test/three-section-scorecard';

export const THREE_SECTIONS: TScorecardDefinition = ZScorecardDefinition.parse(threeSectionCard());
