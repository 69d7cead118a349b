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
  /** The Order Online modal and the order form (SPEC §2); texts the spec does not give are ours. */
  orderForm: {
    tabs: {
      coal: 'Coal',
      woodpellet: 'Wood Pellets',
      oil: 'Oil',
      other: 'Wood & Other Products',
    },
    tabListLabel: 'Products',
    coalIntro: 'Choose a type of coal to see the bags we deliver:',
    coalCategoriesLabel: 'Coal categories',
    coalMinimumOrder: 'A minimum order applies depending on your postcode.',
    product: 'Product',
    productPlaceholder: 'Select a product',
    size: 'Size',
    amount: 'Amount',
    quantity: 'Quantity',
    postcode: 'Postcode',
    price: 'Price',
    addToCart: 'Add to Cart',
    formLabel: (title: string) => `Order ${title}`,
    /** An add that failed with an exception that carries no message of its own. */
    unexpectedError: 'Something went wrong while adding to your cart. Please try again.',
    /** Shown on the Order Online modal when the catalogue has nothing to order. */
    nothingToOrder:
      'There are no products to order online at the moment. Please contact our office.',
    /** The modal's code could not be downloaded (offline, or a new release replaced it). */
    couldNotOpen: 'We could not open the order form. Please check your connection and try again.',
    /** After the warning that a new postcode empties a cart with items in it (SPEC §4). */
    clearCartAndAdd: 'Clear cart and add',
    keepCart: 'Keep my cart',
    /** What the warning adds: what is in the cart and for which postcode. */
    cartHolds: (count: number, postcode: string) =>
      `Your cart has ${count} ${count === 1 ? 'item' : 'items'} for ${postcode}.`,
  },
  postcode: {
    required: 'Postcode required.',
    invalidModal: 'Invalid postcode, please check and try again.',
    invalidOrderForm: 'Invalid postcode.',
    changePostcode: 'Change postcode?',
    cancelPostcodeChange: 'Cancel postcode change',
    alreadySet: 'This postcode is already set.',
    set: 'Postcode set.',
    // Not in the spec: the Set Postcode dialog's own texts.
    modalTitle: 'Set Postcode',
    label: 'Postcode',
    placeholder: 'e.g. BT1 1AA',
    submit: 'Set postcode',
    close: 'Close',
    resetWarning: 'Resetting the postcode will clear your cart.',
    /** A real Northern Ireland postcode that no delivery zone covers: the office may still help. */
    notServed: (postcode: string, phone: string) =>
      `We do not deliver to ${postcode} at the moment. Please call our office on ${phone}.`,
    current: (postcode: string) => `Your delivery postcode is ${postcode}.`,
    pendingItem: (item: string) => `Set your delivery postcode to add ${item} to your cart.`,
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
    networkError: 'We could not reach the shop. Please check your connection and try again.',
    unexpectedAnswer: 'Something went wrong. Please try again, or phone our office.',
  },
  /** Not in the spec: the /cart page. */
  cartPage: {
    title: 'Your Cart',
    description: 'The fuel in your cart, its delivery charge and the total to pay.',
    emptyHint: 'Choose your fuel from our products and it will appear here.',
    shopDomestic: 'Shop home heating fuel',
    shopWholesale: 'Shop wholesale fuel',
    items: 'Items in your cart',
    deliveryTo: 'Delivery to',
    noPostcode: 'No delivery postcode set yet.',
    changePostcode: 'Change postcode',
    setPostcode: 'Set postcode',
    summary: 'Order summary',
    subtotal: 'Subtotal',
    delivery: 'Delivery',
    freeDelivery: 'Free',
    total: 'Total',
    emptyCart: 'Empty cart',
    checkout: 'Checkout',
    quantity: 'Quantity',
    each: 'each',
    remove: 'Remove',
    removeLine: (item: string) => `Remove ${item} from your cart`,
    decrease: (item: string) => `One fewer ${item}`,
    increase: (item: string) => `One more ${item}`,
    /** Not in the spec: the cart is above HMRC's automatic domestic limits (api/domain/vat.ts). */
    declarationTitle: 'VAT depends on how the fuel is used',
    declarationNote: (totalWithout: string) =>
      `This order is above the amount HMRC treats as domestic automatically (2,300 litres of oil or 1 tonne of solid fuel). The total above includes VAT at 5%, which applies when you declare at checkout that the fuel is for domestic use. Without the declaration VAT is 20% and the total is ${totalWithout}.`,
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
    /** Not in the spec: a one-line field (all but the Enquiry box) holds a line break. */
    oneLine: (label: string) => `${label} must be on one line.`,
    /** Not in the spec: a control character (NUL, escape codes) or broken Unicode in a field. */
    disallowedCharacters: (label: string) => `${label} contains characters that are not allowed.`,
    tooMany:
      'Too many enquiries from your connection. Please try again in a few minutes or phone our office.',
    // Not in the spec: the browser's own texts for the enquiry form and the modal.
    /** The request never got an answer (offline, DNS, a dropped connection): nothing was sent. */
    networkFailure: 'We could not send your enquiry. Please check your connection and try again.',
    modalTitle: 'Wholesale Enquiry',
    modalIntro:
      'For trade prices, pallets, bulk loads and regular deliveries, phone one of our offices or send us your enquiry below.',
    contactHeading: 'Send a wholesale enquiry',
    formLabel: 'Wholesale enquiry',
    send: 'Send',
    /** SPEC §2: the form's placeholders, which are also the fields' (visually hidden) labels. */
    placeholders: {
      name: 'Contact Name',
      email: 'Email',
      address: 'Address',
      companyName: 'Company Name',
      telephone: 'Contact No.',
      telephone2: 'Contact No. 2',
      message: 'Enquiry',
    },
  },
  /**
   * Not in the spec: checkout (issue 15). The form's labels, its validation messages (the same in
   * the browser and the API, see api/domain/checkout.ts), and the API's answers.
   */
  checkout: {
    title: 'Checkout',
    labels: {
      fullName: 'Full name',
      email: 'Email',
      phone: 'Phone',
      addressLine1: 'Address line 1',
      addressLine2: 'Address line 2 (optional)',
      town: 'Town or city',
      postcode: 'Postcode',
      tankLocation: 'Where is your oil tank? (optional)',
      tankAccess: 'Access for the tanker (optional)',
      instructions: 'Delivery instructions (optional)',
      domesticUse:
        'I confirm this fuel is for domestic use (a home), so VAT is charged at the reduced rate of 5 %.',
      acceptTerms: 'I accept the Terms of Purchase',
    },
    placeholders: {
      tankLocation: 'e.g. behind the house, left of the back door',
      tankAccess: 'e.g. gate code, a narrow lane, the hose run from the road',
      instructions: 'e.g. where the tank or bunker is, gate codes, access for the tanker or lorry',
    },
    changePostcode: 'Change',
    pay: 'Pay securely',
    fullNameRequired: 'Full name required.',
    emailInvalid: 'Valid email required.',
    phoneInvalid: 'Valid UK phone number required.',
    addressRequired: 'Address required.',
    townRequired: 'Town required.',
    acceptTerms: 'Please accept the Terms of Purchase.',
    domesticUseInvalid: 'Domestic use must be true or false.',
    tooLong: (label: string, max: number) =>
      `${label} is too long: please keep it to ${max} characters or fewer.`,
    oneLine: (label: string) => `${label} must be on one line.`,
    disallowedCharacters: (label: string) => `${label} contains characters that are not allowed.`,
    /** The form's postcode is not the cart's, on which the delivery check was made. */
    postcodeMismatch:
      'The delivery postcode must be the one your cart was checked for. To deliver somewhere else, change the postcode in your cart.',
    idempotencyKeyRequired:
      'An Idempotency-Key header is required: a unique value for this press of Pay securely.',
    idempotencyKeyInvalid:
      'The Idempotency-Key header must be 8 to 200 printable ASCII characters, without spaces.',
    idempotencyKeyReused:
      'This Idempotency-Key was already used for a different checkout. Please press Pay securely again.',
    domesticUseQueryInvalid: 'domesticUse must be true or false.',
    summary: 'Your order summary.',
    created: 'Your order has been created. Continue to the payment page.',
    providerUnavailable:
      'We could not reach the payment provider. You have not been charged. Please try again in a few minutes.',
    orderClosed: 'This order can no longer be paid. Please press Pay securely again.',
    sessionPending: 'Your payment page is still being prepared. Please try again in a moment.',
    /** POST /api/checkout without the total the customer was shown (pence). */
    expectedTotalRequired:
      'Please reload the checkout page: the order total you were shown is needed to place your order.',
    /** The server's total differs from the one the customer reviewed (409, with `total`). */
    totalChanged: (total: string) =>
      `The total has changed to ${total} since you reviewed your order. Please check your order and press Pay securely again to pay ${total}.`,
    /** The same Idempotency-Key again, for an order that is past payment. */
    orderAlreadyPaid: 'This order has already been paid.',
    orderNoLongerPayable: (status: string) =>
      `This order ${status} and can no longer be paid. Please press Pay securely again to place a new order.`,
    tooManyOrders:
      'Too many orders have been started from here in a short time. Please wait a few minutes and try again.',
    /** The domestic-use declaration above DOMESTIC_USE_MAX_* (422). */
    domesticUseTooLarge: (amount: string, phones: string) =>
      `We cannot take the domestic-use declaration online for ${amount} in one order. Please call the office on ${phones} and we will arrange your order and its VAT with you.`,
  },
  /** Not in the spec: an order as its holder sees it (GET /api/orders/{id}). */
  order: {
    loaded: 'Your order.',
    notFound: 'Order not found.',
    /** GET /api/orders: the signed-in customer's orders. */
    listed: 'Your orders.',
    claimed: 'This order has been added to your account.',
    claimedByAnother: 'This order is already linked to another account.',
  },
  /**
   * Not in the spec: customer accounts (issue 16). The form rules' messages are the same in the
   * browser and the API (api/domain/auth.ts); the rest are the API's answers.
   */
  auth: {
    labels: {
      fullName: 'Full name',
      email: 'Email',
      password: 'Password',
      newPassword: 'New password',
      currentPassword: 'Current password',
      phone: 'Phone',
      addressLine1: 'Address line 1',
      addressLine2: 'Address line 2 (optional)',
      town: 'Town or city',
      postcode: 'Postcode',
    },
    fullNameRequired: 'Full name required.',
    emailRequired: 'Email required.',
    emailInvalid: 'Valid email required.',
    passwordRequired: 'Password required.',
    currentPasswordRequired: 'Current password required.',
    passwordTooShort: (min: number) => `Password must be at least ${min} characters.`,
    passwordTooLong: (max: number) => `Password must be ${max} characters or fewer.`,
    passwordTooCommon: 'This password is too common. Please choose another.',
    phoneInvalid: 'Valid UK phone number required.',
    tokenRequired: 'Password reset link required.',
    verifyTokenRequired: 'Confirmation link required.',
    tooLong: (label: string, max: number) =>
      `${label} is too long: please keep it to ${max} characters or fewer.`,
    oneLine: (label: string) => `${label} must be on one line.`,
    disallowedCharacters: (label: string) => `${label} contains characters that are not allowed.`,
    invalidCredentials: 'Invalid email or password.',
    currentPasswordWrong: 'Current password is incorrect.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    signedIn: 'You are logged in.',
    /**
     * The one answer to a registration, whether or not the address has an account (which then gets
     * an e-mail saying so instead of a confirmation link).
     */
    registerCheckEmail:
      'Check your email to finish creating your account: we have sent a message to the address you gave. The link in it works for 24 hours.',
    /** The right password for an account whose address was never confirmed (403). */
    emailNotVerified:
      'Please confirm your email address first: we have sent you a new link. Check your email.',
    verifyInvalid:
      'This confirmation link is invalid, has expired or has already been used. Please register again, or log in.',
    verified: 'Thank you: your email address is confirmed and you are logged in.',
    /** The one answer to an e-mail change, whether or not the new address has an account. */
    emailChangeSent:
      'Your details have been saved. To change your email address, follow the link we have sent to the new address within 24 hours. Until then your account keeps its current address.',
    loggedOut: 'You have been logged out.',
    notSignedIn: 'Please log in to continue.',
    me: 'Your account.',
    updated: 'Your details have been saved.',
    forgotSent:
      'If an account exists for this email, we have sent it a link to reset your password. The link works for 60 minutes.',
    resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
    resetDone: 'Your password has been changed. Please log in with your new password.',
    passwordChanged: 'Your password has been changed.',
    accountDeleted: 'Your account has been deleted.',
  },
} as const;

/** Result codes the browser sees (SPEC §9). The API uses real HTTP statuses for refusals. */
export const resultCodes = { success: 200, postcodeSetWithAdd: 201, failure: 500 } as const;
