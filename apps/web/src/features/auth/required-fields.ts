// Required-field checks of the login forms: one "<Label> is required" message per empty field.
export type TFieldErrors<K extends string> = Partial<Record<K, string>>;

export function requiredErrors<K extends string>(
  values: Record<K, string>,
  labels: Record<K, string>,
): TFieldErrors<K> {
  const errors: TFieldErrors<K> = {};
  for (const key of Object.keys(labels) as K[]) {
    if (values[key].trim() === '') errors[key] = `${labels[key]} is required`;
  }
  return errors;
}

export function hasErrors<K extends string>(errors: TFieldErrors<K>): boolean {
  return Object.keys(errors).length > 0;
}
