export { Notice, type NoticeProps, type NoticeVariant } from './Notice';
