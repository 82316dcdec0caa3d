// The Wilson bound lives with the other scoring formulas; metrics code imports it from here too.
export { wilsonLower } from '../ratio.js';
