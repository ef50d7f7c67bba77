/**
 * The controls of the profile fields shared by the stepper and the settings: birth year, gender,
 * governorate and English level. Numbers travel as numbers: the selects' text values are turned
 * back into numbers (an empty choice into "missing", which the schema calls `required`).
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ENGLISH_LEVELS, MAX_AGE, STUDENT_MIN_AGE } from '@talaqa/domain';
import type { EnglishLevel, Gender, Governorate } from '@talaqa/domain';
import {
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  RadioGroup,
  Select,
} from '@talaqa/ui';
import { GENDER_CHOICES, GOVERNORATE_CHOICES } from './labels';
import { yearText } from '../../lib/format';

/** register(..., asNumber): '' -> undefined, '7' -> 7. */
export const asNumber = {
  setValueAs: (value: unknown) =>
    value === '' || value === null || value === undefined ? undefined : Number(value),
};

/** register(..., asText): '' -> undefined, so a missing choice is `required`. */
export const asChoice = {
  setValueAs: (value: unknown) => (value === '' || value === null ? undefined : value),
};

interface FieldProps {
  registration: UseFormRegisterReturn;
  error?: string;
}

export function BirthYearSelect({
  registration,
  error,
  currentYear,
  value,
}: FieldProps & { currentYear: number; value: number | null | undefined }) {
  const years: number[] = [];
  for (let y = currentYear - STUDENT_MIN_AGE; y >= currentYear - MAX_AGE; y -= 1) years.push(y);
  if (value && !years.includes(value)) years.unshift(value);
  return (
    <Select
      label="سنة الميلاد"
      placeholder="اختر سنة ميلادك"
      defaultValue={value ?? ''}
      autoComplete="bday-year"
      error={error}
      {...registration}
    >
      {years.map((y) => (
        <option key={y} value={y}>
          {yearText(y)}
        </option>
      ))}
    </Select>
  );
}

export function GenderRadios({ registration, error }: FieldProps) {
  return (
    <RadioGroup
      legend="النوع"
      inline
      options={GENDER_CHOICES.map((gender: Gender) => ({
        value: gender,
        label: GENDER_NAMES_AR[gender],
      }))}
      error={error}
      inputProps={registration}
    />
  );
}

export function CitySelect({
  registration,
  error,
  value,
}: FieldProps & { value: Governorate | null | undefined }) {
  const choices =
    value && !GOVERNORATE_CHOICES.includes(value)
      ? [value, ...GOVERNORATE_CHOICES]
      : GOVERNORATE_CHOICES;
  return (
    <Select
      label="المحافظة"
      placeholder="اختر محافظتك"
      defaultValue={value ?? ''}
      error={error}
      {...registration}
    >
      {choices.map((id) => (
        <option key={id} value={id}>
          {GOVERNORATE_NAMES_AR[id]}
        </option>
      ))}
    </Select>
  );
}

export function LevelSelect({
  registration,
  error,
  value,
}: FieldProps & { value: EnglishLevel | null | undefined }) {
  return (
    <Select
      label="مستواك في اللغة الإنجليزية"
      placeholder="اختر مستواك"
      hint="لا بأس إن لم تكن متأكدًا: سيساعدك معلمك على تحديده بدقة."
      defaultValue={value ?? ''}
      error={error}
      {...registration}
    >
      {ENGLISH_LEVELS.map((level) => (
        <option key={level} value={level}>
          {ENGLISH_LEVEL_NAMES_AR[level]}
        </option>
      ))}
    </Select>
  );
}
