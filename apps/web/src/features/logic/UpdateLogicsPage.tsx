// /updateLogics?data=<question JSON>: a question's rules, prefilled, replaced on save.
import { LogicFormPage } from './LogicFormPage.tsx';

export default function UpdateLogicsPage() {
  return <LogicFormPage mode="update" />;
}
