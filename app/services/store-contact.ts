/** How shoppers reach the store; shown on the contact page and cited by the policies. */
export const storeContact = {
  email: "contacto@mercadopadel.com",
  phone: "+34 910 123 456",
  /** The `tel:` form of the phone, without spaces. */
  phoneHref: "tel:+34910123456",
  hours: "Lunes a viernes, de 9:00 a 18:00 (hora de Madrid)",
} as const;
