// A question's text with its lead fields and earlier answers marked (lead fields in the text), so the admin sees
// which words the agent's screen fills in from the lead: `{respondent_name}` shows as a highlighted "respondent_name".
import { Fragment } from 'react';
import { Mark } from '@mantine/core';
import { surveyTextParts } from '@crm/shared';

export function PlaceholderText({ text }: { text: string }) {
  return (
    <>
      {surveyTextParts(text).map((part, index) =>
        part.kind === 'plain' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <Mark
            key={index}
            color={part.kind === 'field' ? 'blue' : 'grape'}
            px={4}
            style={{ borderRadius: 4 }}
            data-placeholder={part.kind}
            title={
              part.kind === 'field'
                ? `Lead field ${part.name}: the agent sees the lead's value`
                : `The answer to ${part.qno}`
            }
          >
            {part.kind === 'field' ? part.name : part.qno}
          </Mark>
        ),
      )}
    </>
  );
}
