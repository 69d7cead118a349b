export { DayPicker, type DayPickerOption, type DayPickerProps } from './DayPicker';
