/** The Worker's contact services, for the contact page and the console's Messages page (decision 006). */
export { listContactMessages, markContactMessageAnswered, sendContactMessage } from "#worker/features/contact/contact-messages.ts";
