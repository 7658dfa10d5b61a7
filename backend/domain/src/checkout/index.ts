export { filterNameInput, filterPhoneInput, nameMaxLength, phoneInputDropsDigits, phoneLength, type BuyerFields } from './buyer-fields';
export * from './checkout-form.schema';
export * from './checkout-request.schema';
export * from './line-ceiling';
