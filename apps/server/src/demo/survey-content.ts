// The demo surveys: what an agent asks on each demo campaign, with branching and completion rules.
import type { TOptionalValue, TQuestionType } from '@crm/shared';

/** A rule by qno: the option it is for (null: any answer), then a jump to a qno and/or the end of the call. */
export type DemoRule = { option: string | null; to?: number; end?: 0 | 1 };

export type DemoQuestion = {
  qno: number;
  title: string;
  type: TQuestionType;
  options?: readonly string[];
  optionalValue?: TOptionalValue;
  instruction?: string;
  /** Inactive questions stay in the list but the survey skips them. */
  status?: boolean;
  rules?: readonly DemoRule[];
};

export const DEMO_SURVEYS: Readonly<Record<string, readonly DemoQuestion[]>> = {
  'Spring Survey': [
    {
      qno: 1,
      type: 'Plain Text',
      title: 'Assalamu alaikum. I am calling from CallDesk on behalf of {brand}. May I speak with {respondent_name}?',
      optionalValue: 'Respondent',
      instruction:
        'Greet politely and confirm the name before you continue: the lead is from {Outlet name}, {Upazila}.',
    },
    {
      qno: 2,
      type: 'Select Option',
      title: 'Am I speaking with the right person?',
      options: ['Yes', 'No'],
      rules: [{ option: 'No', end: 0 }],
      instruction: 'If someone else answers, thank them and end the call.',
    },
    {
      qno: 3,
      type: 'Select Option',
      title: 'Did you receive the free sample pack of {brand} from our sales officer {Sales officer}?',
      options: ['Yes', 'No'],
      optionalValue: 'Brand',
      rules: [
        { option: 'Yes', to: 4 },
        { option: 'No', end: 0 },
      ],
    },
    {
      qno: 4,
      type: 'Multi Select Option',
      title: 'Who in your family tried the tea?',
      options: ['Myself', 'Spouse', 'Parents', 'Children', 'Guests'],
      instruction: 'Read all options; more than one may be chosen.',
    },
    {
      qno: 5,
      type: 'Select Option',
      title: 'How did you like the taste?',
      options: ['Very good', 'Good', 'Average', 'Poor'],
      rules: [{ option: 'Poor', to: 8 }],
    },
    {
      qno: 6,
      type: 'Select Option',
      title: 'Will you buy {brand} from your usual shop?',
      options: ['Yes', 'Maybe', 'No'],
    },
    {
      qno: 7,
      type: 'Number',
      title: 'How many cups of tea does your family drink in a day?',
    },
    {
      qno: 8,
      type: 'Text Input',
      title: 'Which shop in your territory do you usually buy tea from?',
      optionalValue: 'Territory',
      instruction: 'Write the shop name and the bazar or road.',
    },
    {
      qno: 9,
      type: 'Select Option',
      title: 'Did the sales officer explain the Boishakh price offer?',
      options: ['Yes', 'No'],
      status: false,
      instruction: 'Retired after the first week of the campaign.',
    },
    {
      qno: 10,
      type: 'Textarea',
      title: 'Anything else you would like to tell {brand}?',
      rules: [{ option: null, end: 1 }],
      instruction: 'Thank the respondent before ending the call.',
    },
  ],

  'Customer Care': [
    {
      qno: 1,
      type: 'Plain Text',
      title: 'Thank you for calling Shapla Electronics customer care. How may I help you today?',
      instruction: 'Introduce yourself by name.',
    },
    {
      qno: 2,
      type: 'Text Input',
      title: "Caller's name",
      optionalValue: 'Respondent',
    },
    {
      qno: 3,
      type: 'Select Option',
      title: 'What is the call about?',
      options: ['Complaint', 'Warranty claim', 'Product information', 'Dealer location'],
      rules: [
        { option: 'Product information', to: 9 },
        { option: 'Dealer location', to: 8 },
      ],
    },
    {
      qno: 4,
      type: 'Select Option',
      title: 'Which product is it about?',
      options: ['Refrigerator', 'Television', 'Air conditioner', 'Ceiling fan', 'Mobile phone'],
    },
    {
      qno: 5,
      type: 'Select Option',
      title: 'Is the {Q4} still under warranty?',
      options: ['Yes', 'No', 'Not sure'],
      instruction: 'Ask for the warranty card number if the caller has it (bought at {Purchase shop}).',
    },
    {
      qno: 6,
      type: 'Textarea',
      title: 'Describe the problem in the caller’s words',
      instruction: 'Note when it started and what the caller already tried.',
    },
    {
      qno: 7,
      type: 'Email',
      title: 'Email address for the service ticket',
      rules: [{ option: null, to: 10 }],
      instruction: 'Spell it back to the caller.',
    },
    {
      qno: 8,
      type: 'Text Input',
      title: 'Caller’s district and upazila, to find the nearest dealer',
      optionalValue: 'Territory',
      rules: [{ option: null, to: 10 }],
    },
    {
      qno: 9,
      type: 'Textarea',
      title: 'What information did the caller ask for, and what did you tell them?',
    },
    {
      qno: 10,
      type: 'Select Option',
      title: "Was the caller's need met on this call?",
      options: ['Yes', 'Ticket raised', 'Caller will call back'],
      rules: [
        { option: 'Yes', end: 1 },
        { option: 'Ticket raised', end: 1 },
        { option: 'Caller will call back', end: 0 },
      ],
    },
  ],

  'Eid Offer Callback': [
    {
      qno: 1,
      type: 'Plain Text',
      title: 'Assalamu alaikum and Eid Mubarak! I am calling about the Eid data offer you asked us about.',
      instruction: 'Speak in Bangla unless the customer prefers English.',
    },
    {
      qno: 2,
      type: 'Select Option',
      title: 'Is this a good time to talk for two minutes?',
      options: ['Yes', 'Call me later', 'No'],
      rules: [
        { option: 'Call me later', to: 10 },
        { option: 'No', end: 0 },
      ],
    },
    {
      qno: 3,
      type: 'Select Option',
      title: 'Our records from the data date show your last recharge. Is your current package still the one on screen?',
      options: ['Yes', 'Changed since'],
      optionalValue: 'Data Date',
    },
    {
      qno: 4,
      type: 'Multi Select Option',
      title: 'What do you use mobile data for most?',
      options: ['Facebook', 'YouTube', 'IMO or WhatsApp calls', 'Online classes', 'Mobile banking'],
    },
    {
      qno: 5,
      type: 'Number',
      title: 'About how much do you recharge in a month (Tk)?',
    },
    {
      qno: 6,
      type: 'Select Option',
      title: 'Would you like to activate the Eid 30 GB pack for Tk 299, valid 30 days?',
      options: ['Yes', 'No'],
      optionalValue: 'Brand',
      rules: [
        { option: 'Yes', to: 7 },
        { option: 'No', to: 8 },
      ],
    },
    {
      qno: 7,
      type: 'Select Option',
      title: 'How would you like to pay?',
      options: ['bKash', 'Nagad', 'Main balance'],
      rules: [
        { option: 'bKash', to: 9 },
        { option: 'Nagad', to: 9 },
        { option: 'Main balance', to: 9 },
      ],
    },
    {
      qno: 8,
      type: 'Select Option',
      title: 'May I ask why not?',
      options: ['Too expensive', 'Already have a pack', 'Poor network in my area', 'Other'],
    },
    {
      qno: 9,
      type: 'Select Option',
      title: 'Shall we send the offer details by SMS?',
      options: ['Yes', 'No'],
      rules: [
        { option: 'Yes', end: 1 },
        { option: 'No', end: 1 },
      ],
    },
    {
      qno: 10,
      type: 'Text Input',
      title: 'When should we call back?',
      instruction: 'Write the day and time, e.g. "Friday after Jummah".',
      rules: [{ option: null, end: 0 }],
    },
  ],
};
