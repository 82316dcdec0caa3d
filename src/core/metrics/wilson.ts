// The Wilson bounds live with the other scoring formulas; metrics code imports them from here too.
export { wilsonLower, wilsonUpper } from '../ratio.js';
