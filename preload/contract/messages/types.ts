/** Plural forms as i18next names them (Intl.PluralRules categories); English uses one/other, Russian one/few/many/other. */
export const pluralSuffixes = ['_zero', '_one', '_two', '_few', '_many', '_other'] as const;

type PluralBase<K> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : never;

/**
 * The shape a translation must have: every key of the English catalog, strings for strings. Plural keys are matched
 * by their base (`x_one`/`x_other` in English may be `x_one`/`x_few`/`x_many`/`x_other` in Russian); the catalog
 * test checks that each language has every plural form its rules need.
 */
export type MessagesOf<T> = {
  [K in keyof T as K extends string ? (PluralBase<K> extends never ? K : never) : K]: T[K] extends string ? string : MessagesOf<T[K]>;
} & {
  [K in keyof T as K extends string ? (PluralBase<K> extends never ? never : K) : never]?: string;
} & Record<string, unknown>;

/** Every key of a catalog as a dot path (`tokens.form.issue`), plural keys by their base (`common.fieldHasErrors`). */
export type MessagePaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K> extends never ? K : PluralBase<K>}` : MessagePaths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Values put into a message: `{{name}}` placeholders, and `count` to choose a plural form. */
export type MessageValues = Record<string, string | number | null | undefined>;
