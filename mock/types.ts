/**
 * `site-articles-mock/types`: the interface's shapes by name, as `site-articles-schemas/types`
 * declares them (section 3), so a project using the mock's handlers types its data without a
 * second package: the schemas package travels inside this one.
 */
export type * from 'site-articles-schemas/types';
