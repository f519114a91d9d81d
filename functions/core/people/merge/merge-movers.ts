import type { MergeMover } from './movers/mover';
import { permissionsMover, rolesMover, sessionsMover } from './movers/access-movers';
import { aliasesMover, commentsMover, membershipsMover, tagsMover } from './movers/profile-movers';
import { associatedFilesMover, uploadedFilesMover } from './movers/file-movers';
import { mentorLinksMover, menteeLinksMover } from './movers/mentor-movers';
import { enrolmentsMover, groupMembershipsMover } from './movers/enrolment-movers';
import { assignmentsMover } from './movers/assignment-movers';

/** In order: sessions first (the source must stay signed out), access next, then the profile's parts, enrolments and assignments, files. */
export const MERGE_MOVERS: readonly MergeMover[] = [
  sessionsMover,
  rolesMover,
  permissionsMover,
  membershipsMover,
  aliasesMover,
  tagsMover,
  commentsMover,
  menteeLinksMover,
  mentorLinksMover,
  enrolmentsMover,
  assignmentsMover,
  groupMembershipsMover,
  uploadedFilesMover,
  associatedFilesMover,
];

