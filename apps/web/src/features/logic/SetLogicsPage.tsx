// /setLogics?data=<question JSON>: the first rules of a question that has none.
import { LogicFormPage } from './LogicFormPage.tsx';

export default function SetLogicsPage() {
  return <LogicFormPage mode="set" />;
}
