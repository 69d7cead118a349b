/**
 * Every user-facing text from SPEC.md, in one place. Quote these; never retype them.
 * The spec's two misspellings ("inconvience", "occured") are corrected on purpose.
 */
export const messages = {
  notFound: {
    heading: 'Page not found',
    text: 'The page you are searching for cannot be found. Sorry for any inconvenience.',
    framework: 'This page could not be found',
  },
  error: {
    heading: 'An error occurred',
    text: (message: string) => `An error has occurred: ${message}`,
    errorPageFailed: 'An error occurred while showing the error page',
    unknownMiddleware: (name: string) => `Unknown middleware ${name}`,
  },
  goBackHome: 'Go back to home',
  loading: 'Loading...',
  footerNote: '* For larger quantities please contact our office.',
  sendAnEnquiry: 'Send an enquiry',
  customerLogin: 'Customer Login',
  greeting: (fullName: string) => `Hi, ${fullName}!`,
  logout: 'Logout',
  loggedOut: 'You have been logged out.',
  bestseller: 'Bestseller',
  orderOnline: 'Order Online',
  menu: 'Menu',
  viewAllProducts: 'View all products',
  woodPelletsNote: 'For delivery outside NI please contact our office',
  postcode: {
    required: 'Postcode required.',
    invalidModal: 'Invalid postcode, please check and try again.',
    invalidOrderForm: 'Invalid postcode.',
    changePostcode: 'Change postcode?',
    cancelPostcodeChange: 'Cancel postcode change',
    alreadySet: 'This postcode is already set.',
    set: 'Postcode set.',
  },
  cart: {
    postcodeRequired: 'Postcode required to continue.',
    cannotDeliver: 'Product cannot be delivered to this postcode.',
    priceRequired: 'Price is required.',
    added: 'Added to cart.',
    // Not in the spec: the server-side cart's own answers.
    loaded: 'Your cart.',
    removed: 'Removed from cart.',
    emptied: 'Your cart has been emptied.',
    empty: 'Your cart is empty.',
    readyForCheckout: 'Your cart is ready for checkout.',
    lineNotFound: 'That item is not in your cart.',
    productNotFound: 'Product not found.',
    sizeNotFound: 'That size is not available for this product.',
    sizeRequired: 'Please choose a size.',
    bodyInvalid: 'Send a JSON object.',
    typeInvalid: 'Product type must be one of coal, oil, woodpellet or other.',
    productIdRequired: 'Product required.',
    productIdInvalid: 'Product id must be a whole number.',
    attributeIdInvalid: 'Size id must be a whole number.',
    quantityInvalid: (min: number, max: number) =>
      `Quantity must be a whole number from ${min} to ${max}.`,
    lineLimit: (max: number) =>
      `You can order up to ${max} of one item online. For larger quantities please contact our office.`,
    minimumOrder: (amount: string) =>
      `The minimum order for delivery to this postcode is ${amount}.`,
    itemUnavailable: (title: string) =>
      `${title} is no longer available for this postcode and has been left out of your cart.`,
    modalFlagInvalid: 'open must be true or false.',
    modalOpened: 'Postcode dialog opened.',
    modalClosed: 'Postcode dialog closed.',
  },
  enquiry: {
    nameRequired: 'Name required.',
    emailRequired: 'Email required.',
    emailInvalid: 'Valid email required.',
    addressRequired: 'Address required.',
    companyRequired: 'Company Name required.',
    telephoneRequired: 'Contact No. required.',
    messageRequired: 'Enquiry required.',
    sent: 'Email sent!',
    /** Server-side limits (the spec shows none); `label` is the field's name on the form. */
    tooLong: (label: string, max: number) =>
      `${label} is too long: please keep it to ${max} characters or fewer.`,
    tooMany:
      'Too many enquiries from your connection. Please try again in a few minutes or phone our office.',
  },
} as const;

/** Result codes the browser sees (SPEC §9). The API uses real HTTP statuses for refusals. */
export const resultCodes = { success: 200, postcodeSetWithAdd: 201, failure: 500 } as const;
