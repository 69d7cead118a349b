/** Story data: Fuelyard's offices and contact details (realistic, for Storybook only). */
import type { ContactPhone } from './ContactLink';

export const phones: ContactPhone[] = [
  { label: 'Head Office', number: '028 9649 6010' },
  { label: 'Belfast Office', number: '028 9649 6020' },
];

export const email = 'info@fuelyard.co.uk';
