export * from './views.js';
export * from './answer-schema.js';
export { compressedShape, exactShape } from './shape.js';
export {
  classEvidence,
  contextWindow,
  labelEvidence,
  labelsToLearn,
  mentionsOf,
  spanEvidence,
  wordFeatures,
  type ClassEvidence,
  type Counted,
  type EvidenceOptions,
  type LabelEvidence,
  type Mention,
  type SpanEvidence,
} from './evidence.js';
export { clipText, num, renderAnswer } from './render.js';
export { systemPrompt } from './system-prompt.js';
export { SYNTHESIS_MARKER, synthesisPrompt, type SynthesisPromptInput } from './synthesis-prompt.js';
export { PATCH_MARKER, patchPrompt, type PatchPromptInput, type RoundHistory } from './patch-prompt.js';
