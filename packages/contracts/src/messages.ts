// The product's copy for validation, word for word from the spec (typos included).
export const messages = {
  register: {
    nameRequired: 'This Name field is required',
    photoURLRequired: 'photoURL field is required',
    emailRequired: 'This Email field is required',
    passwordRequired: 'This Password field is required',
    passwordMin: 'Password must me 6 character',
    passwordPattern: 'Password must be A small letter, a capitel letter and a special character',
  },
  emailInvalid: 'Please enter a valid email address',
  urlInvalid: 'Please enter a valid https:// URL',
  imageInvalid: 'Images must be uploaded here or be https:// URLs',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  nameControl: 'A name must be one line of text: no line breaks, tabs or other control characters',
  required: (label: string) => `This ${label} field is required`,
  priceInvalid: 'Price must be a positive amount like 120 or 120.50',
  ageInvalid: 'Age must be a whole number of months (0 or more)',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  categoryInvalid: 'Select one of the listed categories',
  phoneInvalid: 'Phone number may hold digits, spaces, +, - and brackets (5 to 20 characters)',
} as const;
