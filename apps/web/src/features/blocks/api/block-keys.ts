export const blockKeys = {
  all: ['blocks'] as const,
  list: () => ['blocks', 'list'] as const,
};
