import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { gameCatalog } from './catalog.js';
import { GameDto } from './games.dto.js';

@ApiTags('games')
@Controller('games')
export class GamesController {
  private readonly catalog = gameCatalog();

  @Get()
  @ApiOperation({
    summary: 'The games and their rule options (public)',
    description:
      "Generated from the engines' option schemas: what `rules` in POST /tables takes, with defaults, admitted values and a line on each.",
  })
  @ApiOkResponse({ type: [GameDto] })
  list(): GameDto[] {
    return this.catalog as GameDto[];
  }
}
